const AXES = {
  latitude: { id: 'nf-lat', label: 'Latitude' },
  longitude: { id: 'nf-lon', label: 'Longitude' },
}

/** The latitude or longitude input: typed as text, so a half-typed value such as '-0.' stays. */
export default function CoordinateField({
  axis,
  value,
  onChange,
}: {
  axis: keyof typeof AXES
  value: string
  onChange: (value: string) => void
}) {
  const { id, label } = AXES[axis]
  return (
    <div className="nf-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={axis}
        inputMode="decimal"
        autoComplete="off"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  )
}
