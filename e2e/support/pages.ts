// What every page of the site must show, from the product spec (the shell's route table is the implementation).
import { readFileSync } from 'node:fs';
import path from 'node:path';

export interface ExpectedPage {
  path: string;
  title: string;
  banner: string | RegExp;
}

export const expectedPages: ExpectedPage[] = [
  { path: '/', title: 'Alex Morgan | Home', banner: "Hello, I'm Alex Morgan, Web Developer" },
  { path: '/about', title: 'Alex Morgan | About', banner: 'About Me' },
  { path: '/portfolio', title: 'Alex Morgan | Portfolio', banner: 'Portfolio' },
  { path: '/tutorials', title: 'Alex Morgan | Tutorials', banner: 'Tutorials' },
  { path: '/courses', title: 'Alex Morgan | Courses', banner: 'Courses' },
  { path: '/help', title: 'Alex Morgan | Help', banner: 'Help' },
  { path: '/help/privacy-policy', title: 'Alex Morgan | Privacy Policy', banner: 'Privacy Policy' },
  {
    path: '/help/terms-and-conditions',
    title: 'Alex Morgan | Terms and Conditions',
    banner: 'Terms and Conditions',
  },
  { path: '/help/terms-of-service', title: 'Alex Morgan | Terms of Service', banner: 'Terms of Service' },
];

interface MetaEntry {
  page: string;
  metaDescription: string;
}

const metadata = JSON.parse(
  readFileSync(path.join(import.meta.dirname, '../../shell/public/assets/data/meta.json'), 'utf8'),
) as MetaEntry[];

/** The description the static metadata file gives the page ('' when it has no entry). */
export function expectedDescription(pagePath: string): string {
  return metadata.find((entry) => entry.page === pagePath)?.metaDescription ?? '';
}
