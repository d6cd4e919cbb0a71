/** Placeholder until the screen lands (issue 11). */
export default function DelegatePage() {
  return null;
}
