import { useContent, useTexts } from '../context/site-context.js';
import { CallToAction } from '../components/CallToAction.js';
import { CapabilityStrip } from '../components/capability/CapabilityStrip.js';
import { RegistrationList, useHasRegistration } from '../components/capability/RegistrationList.js';
import { CardGrid, GridCard } from '../components/CardGrid.js';
import { Photo } from '../components/Photo.js';
import { Icon, type IconName } from '../components/Icon.js';
import { PageBanner } from '../components/PageBanner.js';
import { Paragraphs } from '../components/Paragraphs.js';

const VALUE_ICONS: IconName[] = ['handshake', 'star', 'people', 'growth'];
const LEADER_ICONS: IconName[] = ['ceo', 'director'];

export function AboutPage() {
  const { about } = useContent();
  const registration = useHasRegistration(true);
  const { about: texts, nav, proof } = useTexts();
  return (
    <>
      <PageBanner title={nav.about}>{about.intro}</PageBanner>
      <section className="section" aria-labelledby="about-story">
        <div className="container prose">
          <h2 id="about-story" className="section__title">
            {texts.story}
          </h2>
          <Paragraphs text={about.story} />
        </div>
      </section>
      <section className="section section--alt" aria-label={texts.missionAndVision}>
        <div className="container split">
          <div className="card card--padded">
            <h2>{texts.mission}</h2>
            <Paragraphs text={about.mission} />
          </div>
          <div className="card card--padded">
            <h2>{texts.vision}</h2>
            <Paragraphs text={about.vision} />
          </div>
        </div>
      </section>
      <section className="section" aria-labelledby="about-values">
        <div className="container">
          <h2 id="about-values" className="section__title">
            {texts.values}
          </h2>
          <CardGrid columns="four">
            {about.values.map((value, index) => (
              <GridCard
                key={index}
                className="value-card"
                title={value.title}
                figure={
                  <span className="card__icon">
                    <Icon name={VALUE_ICONS[index]!} />
                  </span>
                }
              >
                <p>{value.description}</p>
              </GridCard>
            ))}
          </CardGrid>
        </div>
      </section>
      <section className="section section--alt" aria-labelledby="about-team">
        <div className="container">
          <h2 id="about-team" className="section__title">
            {texts.leadership}
          </h2>
          <CardGrid columns="two">
            {about.leaders.map((member, index) => (
              <GridCard
                key={index}
                className="team-card"
                title={member.name}
                figure={
                  member.photo ? (
                    <Photo className="team-card__photo" photo={member.photo} sizes="7rem" />
                  ) : (
                    <span className="card__icon card__icon--large">
                      <Icon name={LEADER_ICONS[index]!} size={32} />
                    </span>
                  )
                }
              >
                <p className="team-card__position">{member.position}</p>
                <Paragraphs text={member.description} />
              </GridCard>
            ))}
          </CardGrid>
        </div>
      </section>
      <CapabilityStrip />
      {registration && (
        <section className="section section--alt" aria-labelledby="about-registration">
          <div className="container">
            <h2 id="about-registration" className="section__title">
              {proof.registration}
            </h2>
            <RegistrationList withYear className="registration--page" />
          </div>
        </section>
      )}
      <CallToAction title={texts.workWithUs} />
    </>
  );
}
