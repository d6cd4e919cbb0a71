/** Placeholder until the screen lands (issue 11). */
export default function StampPage() {
  return null;
}
