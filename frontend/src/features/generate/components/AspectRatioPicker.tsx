import { useId } from 'react';
import { ASPECT_RATIOS, aspectRatioLabel, type AspectRatio } from '@/types/art';
import './generate.css';

/** Long edge of the drawn shapes, in pixels. */
const SHAPE_SIZE = 36;

/** A rectangle drawn at the ratio; filled (generate.css) when its radio button is checked. */
function RatioShape({ ratio }: { ratio: AspectRatio }) {
  const [width = 1, height = 1] = ratio.split('x').map(Number);
  const scale = SHAPE_SIZE / Math.max(width, height);
  return (
    <span className="ratio-picker__frame" aria-hidden="true">
      <span
        className="ratio-picker__shape"
        style={{ width: Math.round(width * scale), height: Math.round(height * scale) }}
      />
    </span>
  );
}

interface AspectRatioPickerProps {
  value: string;
  onChange: (ratio: AspectRatio) => void;
  /** The server's message about the ratio. */
  message?: string;
}

/** Radio buttons showing each ratio as the shape of the picture it gives. */
export function AspectRatioPicker({ value, onChange, message }: AspectRatioPickerProps) {
  const messageId = useId();
  return (
    <fieldset
      className={message === undefined ? 'choice-group' : 'choice-group choice-group--error'}
      aria-describedby={message === undefined ? undefined : messageId}
    >
      <legend className="choice-group__legend">Aspect ratio</legend>
      <div className="ratio-picker__choices">
        {ASPECT_RATIOS.map((ratio) => (
          <label key={ratio} className="ratio-picker__choice">
            <input
              type="radio"
              name="aspectRatio"
              value={ratio}
              checked={value === ratio}
              onChange={() => onChange(ratio)}
              className="ratio-picker__input"
            />
            <RatioShape ratio={ratio} />
            <span className="type-body2">{aspectRatioLabel(ratio)}</span>
          </label>
        ))}
      </div>
      {message !== undefined && (
        <p id={messageId} className="ratio-picker__message">
          {message}
        </p>
      )}
    </fieldset>
  );
}
