/** Placeholder: built by the forms screens work (docs/forms-design.md). */
export default function FormFillPage() {
  return <div data-testid="FormFillPage" />;
}
