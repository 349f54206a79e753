import type { MouseEvent } from 'react';
import { ExternalButtonLink } from '@site/shared-ui/Button';
import { publish } from '@site/shared-ui/eventBus';
import { owner } from '@site/shared-ui/owner';

/** Spec §2: "View All" leads to the channel and records userViewsAllTutorials. */
export function ViewAllTutorialsLink() {
  const recordView = () => publish({ name: 'userViewsAllTutorials' });
  // A middle click opens the channel too, without a click event.
  const recordMiddleClick = (event: MouseEvent) => {
    if (event.button === 1) recordView();
  };
  return (
    <ExternalButtonLink
      href={owner.channel.url}
      variant="secondary"
      onClick={recordView}
      onAuxClick={recordMiddleClick}
    >
      View All
    </ExternalButtonLink>
  );
}
