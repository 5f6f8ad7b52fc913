import { useContent } from '../context/site-context.js';
import { CallToAction } from '../components/CallToAction.js';
import { Photo } from '../components/Photo.js';
import { Icon, type IconName } from '../components/Icon.js';
import { PageBanner } from '../components/PageBanner.js';
import { Paragraphs } from '../components/Paragraphs.js';

const VALUE_ICONS: IconName[] = ['handshake', 'star', 'people', 'growth'];
const LEADER_ICONS: IconName[] = ['ceo', 'director'];

export function AboutPage() {
  const { about } = useContent();
  return (
    <>
      <PageBanner title="About Us">{about.intro}</PageBanner>
      <section className="section" aria-labelledby="about-story">
        <div className="container prose">
          <h2 id="about-story" className="section__title">Our Story</h2>
          <Paragraphs text={about.story} />
        </div>
      </section>
      <section className="section section--alt" aria-label="Mission and vision">
        <div className="container split">
          <div className="card card--padded">
            <h2>Our Mission</h2>
            <Paragraphs text={about.mission} />
          </div>
          <div className="card card--padded">
            <h2>Our Vision</h2>
            <Paragraphs text={about.vision} />
          </div>
        </div>
      </section>
      <section className="section" aria-labelledby="about-values">
        <div className="container">
          <h2 id="about-values" className="section__title">Our Core Values</h2>
          <ul className="card-grid card-grid--four" role="list">
            {about.values.map((value, index) => (
              <li key={index} className="card card--padded value-card">
                <span className="card__icon"><Icon name={VALUE_ICONS[index]!} /></span>
                <h3>{value.title}</h3>
                <p>{value.description}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>
      <section className="section section--alt" aria-labelledby="about-team">
        <div className="container">
          <h2 id="about-team" className="section__title">Leadership Team</h2>
          <ul className="card-grid card-grid--two" role="list">
            {about.leaders.map((member, index) => (
              <li key={index} className="card card--padded team-card">
                {member.photo ? (
                  <Photo className="team-card__photo" photo={member.photo} sizes="7rem" />
                ) : (
                  <span className="card__icon card__icon--large"><Icon name={LEADER_ICONS[index]!} size={32} /></span>
                )}
                <h3>{member.name}</h3>
                <p className="team-card__position">{member.position}</p>
                <Paragraphs text={member.description} />
              </li>
            ))}
          </ul>
        </div>
      </section>
      <CallToAction title="Work with us" />
    </>
  );
}
