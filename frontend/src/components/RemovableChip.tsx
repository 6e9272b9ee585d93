import { CloseIcon } from './ui/icons';
import './RemovableChip.css';

/** A small chip naming something chosen, with a button that takes it away. */
export function RemovableChip({ label, onRemove }: { label: string; onRemove: () => void }) {
  return (
    <span className="removable-chip">
      <span className="removable-chip__label">{label}</span>
      <button
        type="button"
        className="removable-chip__remove"
        aria-label={`Remove ${label}`}
        onClick={onRemove}
      >
        <CloseIcon />
      </button>
    </span>
  );
}
