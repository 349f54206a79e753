import { owner } from '@site/shared-ui/owner';
import { ExternalButtonLink } from '@site/shared-ui/Button';
import { VisuallyHidden } from '@site/shared-ui/VisuallyHidden';
import { publish } from '@site/shared-ui/eventBus';

/** Opens the résumé PDF (served by the shell) in a new tab, and records that the visitor viewed it. */
export function ResumeLink() {
  return (
    <ExternalButtonLink
      href={owner.resumeUrl}
      type="application/pdf"
      onClick={() => publish({ name: 'userViewsCV' })}
    >
      View Resume
      <VisuallyHidden> (PDF)</VisuallyHidden>
    </ExternalButtonLink>
  );
}
