import t from 'tap';
import {
  certificateNotices,
  formatDay,
  isValidOn,
  publicContentOn,
  validCertificates,
  type Certificate,
} from '../../shared/capability/certificates.js';
import { defaultContent } from '../../shared/content/defaults.js';

const certificate = (name: string, validUntil: string): Certificate => ({
  name,
  number: `${name}-NO`,
  scope: 'Forgings',
  certifier: 'TÜV SÜD',
  accreditation: '',
  validUntil,
  photo: null,
  pdf: null,
});

t.test('a certificate is valid up to and including its last day', async (t) => {
  t.ok(isValidOn(certificate('A', '2027-03-31'), '2027-03-31'), 'on its last day');
  t.notOk(isValidOn(certificate('A', '2027-03-31'), '2027-04-01'), 'not the day after');
  t.same(
    validCertificates([certificate('A', '2026-11-24'), certificate('B', '2026-11-25')], '2026-11-25').map(
      (c) => c.name,
    ),
    ['B'],
  );
});

t.test(
  'the public content leaves out the expired certificates, and is the same object when none has expired',
  async (t) => {
    const content = {
      ...defaultContent,
      capability: {
        ...defaultContent.capability,
        certificates: [certificate('Old', '2026-01-31'), certificate('New', '2027-01-31')],
      },
    };
    t.same(
      publicContentOn(content, '2026-11-25').capability.certificates.map((c) => c.name),
      ['New'],
    );
    t.equal(content.capability.certificates.length, 2, 'the published content is not changed');
    t.equal(publicContentOn(content, '2026-01-31'), content, 'nothing expired: the same content');
  },
);

t.test('the admin is told 30 days ahead, and after', async (t) => {
  const today = '2026-11-25';
  const notices = certificateNotices(
    [
      certificate('Far', '2026-12-26'), // 31 days ahead: not yet
      certificate('Soon', '2026-12-25'), // 30 days ahead
      certificate('Today', today),
      certificate('Gone', '2026-11-24'),
    ],
    today,
  );
  t.same(notices, [
    'Certificate Gone (Gone-NO) has expired (valid until 24 November 2026): it is no longer shown on the site.',
    'Certificate Today (Today-NO) expires on 25 November 2026.',
    'Certificate Soon (Soon-NO) expires on 25 December 2026.',
  ]);
  t.same(certificateNotices([], today), []);
  t.equal(formatDay('2027-03-31'), '31 March 2027');
});
