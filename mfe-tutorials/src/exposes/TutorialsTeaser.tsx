// The tutorials teaser on the home page: the channel, its figures, and the ways to the videos.
import { TutorialsTeaser } from '../features/teaser/TutorialsTeaser.tsx';

export default TutorialsTeaser;
