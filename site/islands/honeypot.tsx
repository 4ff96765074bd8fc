// The honeypot field of the contact forms (the dialog and the contact and pilot pages):
// hidden from people and assistive technology, filled by bots. The server answers such a
// submission like any other but stores it as spam.
export function Honeypot({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div hidden>
      <label htmlFor={id}>Website</label>
      <input
        id={id}
        name="website"
        type="text"
        tabIndex={-1}
        autoComplete="off"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
