import { type KeyboardEvent, useRef } from "react";

interface TabsProps {
  label: string;
  value: string;
  items: { value: string; label: string }[];
  onChange(value: string): void;
}

/** A row of tabs (WAI-ARIA tabs pattern: arrow keys move between them). */
export function Tabs({ label, value, items, onChange }: TabsProps) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const onKey = (event: KeyboardEvent, index: number) => {
    const step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = (index + step + items.length) % items.length;
    const item = items[next];
    if (!item) return;
    onChange(item.value);
    refs.current[next]?.focus();
  };
  return (
    <div className="tabs" role="tablist" aria-label={label}>
      {items.map((item, index) => {
        const selected = item.value === value;
        return (
          <button
            key={item.value}
            ref={(el) => {
              refs.current[index] = el;
            }}
            type="button"
            role="tab"
            className="tabs__tab"
            aria-selected={selected}
            tabIndex={selected ? 0 : -1}
            data-testid={`tab-${item.value}`}
            onClick={() => onChange(item.value)}
            onKeyDown={(event) => onKey(event, index)}
          >
            {item.label}
          </button>
        );
      })}
    </div>
  );
}
