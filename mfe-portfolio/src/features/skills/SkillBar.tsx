import { useId } from 'react';
import { skillScale, type Skill } from './skills.ts';
import styles from './SkillBar.module.css';

/**
 * One skill as a progress bar for assistive technology. The fill is an SVG rect whose width is the level in a
 * 100-unit box: the site's Content-Security-Policy forbids inline style attributes, and this needs none.
 */
export function SkillBar({ skill }: { skill: Skill }) {
  const nameId = useId();
  return (
    <div className={styles.skill}>
      <div className={styles.labels}>
        <span id={nameId} className={styles.name}>
          {skill.name}
        </span>
        <span aria-hidden="true">{skill.level}%</span>
      </div>
      <div
        role="progressbar"
        aria-labelledby={nameId}
        aria-valuemin={skillScale.min}
        aria-valuemax={skillScale.max}
        aria-valuenow={skill.level}
        aria-valuetext={`${skill.level}%`}
        className={styles.track}
      >
        <svg
          className={styles.bar}
          viewBox={`0 0 ${skillScale.max} 1`}
          preserveAspectRatio="none"
          aria-hidden="true"
          focusable="false"
        >
          <rect className={styles.fill} width={skill.level} height="1" />
        </svg>
      </div>
    </div>
  );
}
