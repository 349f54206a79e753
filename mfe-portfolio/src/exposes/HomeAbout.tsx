// Home page: who the owner is, then the Experience section.
import { AboutIntroSection } from '../features/about/AboutIntroSection.tsx';
import { ExperienceSection } from '../features/experience/ExperienceSection.tsx';

export default function HomeAbout() {
  return (
    <>
      <AboutIntroSection />
      <ExperienceSection />
    </>
  );
}
