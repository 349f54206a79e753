// The analytics events of the product (spec §9): a name and, for some, one value. Sections publish them on the
// event bus; the shell stores them. A search also carries how many results the visitor saw (when they saw any answer:
// see catalogueSearch's searchRecord), so that a search that found nothing can be told apart.

export type AnalyticsEvent =
  | { name: 'userInApp' }
  | { name: 'userRoutes'; route: string }
  | { name: 'userRoutesFromFooter'; route: string }
  | { name: 'userCancelNewsletterPopup' }
  | { name: 'userViewsCV' }
  | { name: 'userSearchForProject'; searchTerm: string; resultCount?: number }
  | { name: 'userViewsTheProject'; projectTitle: string }
  | { name: 'userSearchForTutorial'; searchTerm: string; resultCount?: number }
  | { name: 'userPlaysATutorial'; tutorialTitle: string }
  | { name: 'userViewsAllTutorials' }
  | { name: 'userSearchForCourse'; searchTerm: string; resultCount?: number }
  | { name: 'userViewsACourse'; courseTitle: string }
  | { name: 'userClicksOnAd'; adTitle: string };

export type AnalyticsEventName = AnalyticsEvent['name'];

// A record, so the compiler fails when an event is added to the union but not to the list.
const everyEventName: Record<AnalyticsEventName, true> = {
  userInApp: true,
  userRoutes: true,
  userRoutesFromFooter: true,
  userCancelNewsletterPopup: true,
  userViewsCV: true,
  userSearchForProject: true,
  userViewsTheProject: true,
  userSearchForTutorial: true,
  userPlaysATutorial: true,
  userViewsAllTutorials: true,
  userSearchForCourse: true,
  userViewsACourse: true,
  userClicksOnAd: true,
};

export const analyticsEventNames = Object.keys(everyEventName) as AnalyticsEventName[];

/** The event's values without its name: what is stored as the event's payload. */
export function eventPayload(event: AnalyticsEvent): Record<string, string | number> {
  const { name: _name, ...payload } = event;
  return payload;
}

export type SearchEventName = 'userSearchForProject' | 'userSearchForTutorial' | 'userSearchForCourse';
