// Spec §2 and §9: the channel's figures on the home page are fixed numbers shown with a plus sign, not live data.

export interface ChannelStat {
  value: number;
  label: string;
}

export const channelStats: readonly ChannelStat[] = [
  { value: 1700, label: 'subscribers' },
  { value: 210000, label: 'views' },
  { value: 9400, label: 'hours watched' },
];

/** "1700+": the figure as the spec writes it. */
export function formatChannelStat(value: number): string {
  return `${value}+`;
}
