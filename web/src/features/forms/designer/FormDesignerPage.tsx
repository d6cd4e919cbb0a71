/** Placeholder: built by the designer work (docs/forms-design.md "Designer"). */
export default function FormDesignerPage() {
  return <div data-testid="form-designer" />;
}
