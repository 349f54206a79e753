// /about: about me (photo, job title, facts, résumé), services and skills.
import { AboutMeSection } from '../features/about/AboutMeSection.tsx';
import { ServicesSection } from '../features/services/ServicesSection.tsx';
import { SkillsSection } from '../features/skills/SkillsSection.tsx';

export default function AboutPage() {
  return (
    <>
      <AboutMeSection />
      <ServicesSection />
      <SkillsSection />
    </>
  );
}
