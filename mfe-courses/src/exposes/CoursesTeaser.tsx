// The courses teaser on the home page: one card per course platform and the way to /courses.
import { CoursesTeaser } from '../features/teaser/CoursesTeaser.tsx';

export default CoursesTeaser;
