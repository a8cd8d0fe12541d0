import { fromZoneInput, zoneInput, zoneLabel } from '#common/event-time.ts';
import { cn } from '../../lib/cn.ts';
import { inputClass } from './field.tsx';

/**
 * A date and time on the event's clock, whatever the browser's zone: <input type="datetime-local"> holds a wall-clock
 * value without a zone, so it is read and written here in `timeZone`, and the label says which zone ("Claims open
 * (SGT)"). The value is an instant (ISO), or null while the field is empty or half typed.
 */
export function EventZoneDateTime(props: {
  label: string;
  timeZone: string;
  value: string | null;
  onChange: (instant: string | null) => void;
  name?: string;
  required?: boolean;
  className?: string;
}) {
  const at = props.value ? new Date(props.value) : null;
  const valid = at !== null && !Number.isNaN(at.getTime());
  return (
    <label className={cn('block text-sm text-zinc-300', props.className)}>
      {props.label}{' '}
      <abbr title={props.timeZone} className="text-zinc-400 no-underline" data-testid="event-zone-label">
        ({zoneLabel(valid ? at : new Date(), props.timeZone)})
      </abbr>
      <input
        type="datetime-local"
        className={cn(inputClass, 'mt-1')}
        value={valid ? zoneInput(at, props.timeZone) : ''}
        onChange={(e) => props.onChange(fromZoneInput(e.target.value, props.timeZone)?.toISOString() ?? null)}
        name={props.name}
        required={props.required}
        aria-description={`On the event's clock, ${props.timeZone}`}
      />
    </label>
  );
}
