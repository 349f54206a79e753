// Scaffold: the section team replaces this with the real module.
export default function HomeAbout() {
  return null;
}
