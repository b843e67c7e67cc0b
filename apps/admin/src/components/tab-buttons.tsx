/** One group of tab buttons (a list's kind or view): the chosen one is marked, a click picks another. */
export function TabButtons<K extends string | number>({
  options,
  value,
  onChange,
  label,
}: {
  options: readonly K[];
  value: K;
  onChange: (k: K) => void;
  label: (k: K) => string;
}) {
  return (
    <>
      {options.map((k) => (
        <button
          key={k}
          type="button"
          className={k === value ? 'is-active' : undefined}
          onClick={() => onChange(k)}
        >
          {label(k)}
        </button>
      ))}
    </>
  );
}
