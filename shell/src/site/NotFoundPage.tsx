import { ButtonLink } from '@site/shared-ui/Button';
import { HeaderBanner } from '../frame/HeaderBanner.tsx';
import styles from './NotFoundPage.module.css';

export function NotFoundPage() {
  return (
    <>
      <HeaderBanner
        title={
          <>
            Oops, Page Not Found{' '}
            <span role="img" aria-label="confused face">
              😕
            </span>
          </>
        }
      />
      <section className={styles.notFound} aria-label="Where to go next">
        <p>The page you are looking for does not exist, or it has moved.</p>
        <ButtonLink to="/">Back to the home page</ButtonLink>
      </section>
    </>
  );
}
