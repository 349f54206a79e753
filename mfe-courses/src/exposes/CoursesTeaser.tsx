// Scaffold: the section team replaces this with the real module.
export default function CoursesTeaser() {
  return null;
}
