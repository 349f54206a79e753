import { Outlet } from '@site/shared-ui/router';
import { HelpNav } from './HelpNav.tsx';
import { useScrollToSectionOnArrival } from './useScrollToSectionOnArrival.ts';
import styles from './HelpLayout.module.css';

/** The help area's frame below the banner: its navigation beside (or, on narrow screens, above) the page. */
export function HelpLayout() {
  useScrollToSectionOnArrival();
  return (
    <div className={styles.layout}>
      <HelpNav />
      <div className={styles.page}>
        <Outlet />
      </div>
    </div>
  );
}
