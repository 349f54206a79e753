import { owner } from '@site/shared-ui/owner';

/** The owner's email address as a link, where the policies tell visitors how to reach him. */
export function OwnerEmailLink() {
  return <a href={`mailto:${owner.email}`}>{owner.email}</a>;
}
