// View and like counts as the visitor reads them: "16,920 views", "1 like".

const numberFormat = new Intl.NumberFormat('en-US');

export function formatCount(count: number, singular: string, plural: string): string {
  return `${numberFormat.format(count)} ${count === 1 ? singular : plural}`;
}
