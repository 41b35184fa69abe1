/** Plain chips (vibes, tags) in the site's `.chips` list; `label` names the list for screen readers. */
export function Chips({ label, items }: { label: string; items: readonly string[] }) {
  return (
    <ul className="chips" aria-label={label}>
      {items.map((item) => (
        <li key={item} className="chip">
          {item}
        </li>
      ))}
    </ul>
  )
}
