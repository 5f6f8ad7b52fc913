import { mission, story, team, values, vision } from '../../shared/content/about.js';
import { CallToAction } from '../components/CallToAction.js';
import { Icon } from '../components/Icon.js';
import { PageBanner } from '../components/PageBanner.js';

export function AboutPage() {
  return (
    <>
      <PageBanner title="About Us">Forging expertise since 2015, established in 2021.</PageBanner>
      <section className="section" aria-labelledby="about-story">
        <div className="container prose">
          <h2 id="about-story" className="section__title">Our Story</h2>
          {story.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
      </section>
      <section className="section section--alt" aria-label="Mission and vision">
        <div className="container split">
          <div className="card card--padded">
            <h2>Our Mission</h2>
            <p>{mission}</p>
          </div>
          <div className="card card--padded">
            <h2>Our Vision</h2>
            <p>{vision}</p>
          </div>
        </div>
      </section>
      <section className="section" aria-labelledby="about-values">
        <div className="container">
          <h2 id="about-values" className="section__title">Our Core Values</h2>
          <ul className="card-grid card-grid--four" role="list">
            {values.map((value) => (
              <li key={value.title} className="card card--padded value-card">
                <span className="card__icon"><Icon name={value.icon} /></span>
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
            {team.map((member) => (
              <li key={member.id} className="card card--padded team-card">
                <span className="card__icon card__icon--large"><Icon name={member.icon} size={32} /></span>
                <h3>{member.name}</h3>
                <p className="team-card__position">{member.position}</p>
                <p>{member.description}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>
      <CallToAction title="Work with us" />
    </>
  );
}
