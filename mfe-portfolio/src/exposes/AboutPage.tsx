// Scaffold: the section team replaces this with the real module.
export default function AboutPage() {
  return null;
}
