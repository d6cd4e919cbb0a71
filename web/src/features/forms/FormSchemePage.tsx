/** Placeholder: built by the forms screens work (docs/forms-design.md). */
export default function FormSchemePage() {
  return <div data-testid="FormSchemePage" />;
}
