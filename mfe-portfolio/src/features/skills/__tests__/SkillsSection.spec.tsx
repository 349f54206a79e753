import { render, screen, within } from '@testing-library/react';
import { SkillsSection } from '../SkillsSection.tsx';
import { skillLevel, skills } from '../skills.ts';

describe('skills', () => {
  it('lists the fourteen skills of the spec, each at one of the four levels', () => {
    expect(skills.map((skill) => skill.name)).toEqual([
      'HTML',
      'CSS',
      'Bootstrap',
      'JavaScript',
      'Angular',
      'Node.js',
      'Nest.js',
      'SASS',
      'Git',
      'PSD to HTML',
      'Statamic',
      'Shopify',
      'Ionic',
      'jQuery',
    ]);
    expect(Object.values(skillLevel).sort((a, b) => a - b)).toEqual([85, 90, 95, 100]);
    for (const skill of skills) expect([85, 90, 95, 100]).toContain(skill.level);
  });
});

describe('SkillsSection', () => {
  it('shows every skill as a labelled progress bar with its level', () => {
    render(<SkillsSection />);
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Tools I use every day');
    const bars = screen.getAllByRole('progressbar');
    expect(bars).toHaveLength(skills.length);
    skills.forEach((skill, index) => {
      const bar = bars[index]!;
      expect(bar).toHaveAccessibleName(skill.name);
      expect(bar).toHaveAttribute('aria-valuenow', String(skill.level));
      expect(bar).toHaveAttribute('aria-valuemin', '0');
      expect(bar).toHaveAttribute('aria-valuemax', '100');
      expect(bar.querySelector('rect')).toHaveAttribute('width', String(skill.level));
    });
    const html = screen.getByRole('progressbar', { name: 'HTML' }).closest('li')!;
    expect(within(html).getByText('100%')).toBeInTheDocument();
  });
});
