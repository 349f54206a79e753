import { ExternalButtonLink, type ButtonVariant } from '@site/shared-ui/Button';
import { owner } from '@site/shared-ui/owner';

/** Opens the YouTube channel's subscribe prompt in a new tab. */
export function SubscribeLink({
  variant = 'primary',
  className,
}: {
  variant?: ButtonVariant;
  className?: string;
}) {
  return (
    <ExternalButtonLink href={owner.channel.subscribeUrl} variant={variant} className={className}>
      Subscribe on YouTube
    </ExternalButtonLink>
  );
}
