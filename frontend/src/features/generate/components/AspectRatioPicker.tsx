import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useId } from 'react';
import { ASPECT_RATIOS, aspectRatioLabel, type AspectRatio } from '@/types/art';

/** Long edge of the drawn shapes, in pixels. */
const SHAPE_SIZE = 36;

/** A rectangle drawn at the ratio, filled when it is the chosen one. */
function RatioShape({ ratio, chosen }: { ratio: AspectRatio; chosen: boolean }) {
  const [width = 1, height = 1] = ratio.split('x').map(Number);
  const scale = SHAPE_SIZE / Math.max(width, height);
  return (
    <Box
      sx={{
        width: SHAPE_SIZE,
        height: SHAPE_SIZE,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
      }}
    >
      <Box
        sx={{
          width: Math.round(width * scale),
          height: Math.round(height * scale),
          border: 2,
          borderColor: chosen ? 'primary.main' : 'text.secondary',
          bgcolor: chosen ? 'primary.light' : 'transparent',
          borderRadius: 0.5,
        }}
      />
    </Box>
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
  const labelId = useId();
  const messageId = useId();
  return (
    <FormControl error={message !== undefined}>
      <FormLabel id={labelId}>Aspect ratio</FormLabel>
      <RadioGroup
        row
        name="aspectRatio"
        aria-labelledby={labelId}
        aria-describedby={message === undefined ? undefined : messageId}
        value={value}
        onChange={(event) => {
          const ratio = ASPECT_RATIOS.find((choice) => choice === event.target.value);
          if (ratio !== undefined) onChange(ratio);
        }}
      >
        {ASPECT_RATIOS.map((ratio) => (
          <FormControlLabel
            key={ratio}
            value={ratio}
            label={aspectRatioLabel(ratio)}
            labelPlacement="bottom"
            sx={{ mx: 0.5 }}
            control={
              <Radio
                icon={<RatioShape ratio={ratio} chosen={false} />}
                checkedIcon={<RatioShape ratio={ratio} chosen />}
              />
            }
          />
        ))}
      </RadioGroup>
      {message !== undefined && <FormHelperText id={messageId}>{message}</FormHelperText>}
    </FormControl>
  );
}
