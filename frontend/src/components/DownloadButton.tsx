import { Button } from '@/components/ui/Button';
import { DownloadIcon } from '@/components/ui/icons';
import { useFormErrorReporter } from '@/hooks/useFormErrorReporter';

interface DownloadButtonProps {
  /** Names the file for assistive technology: a page lists many "Download" buttons. */
  label: string;
  loading: boolean;
  /** Fetches the file and hands it to the browser; a refusal is reported in the snackbar. */
  download: () => Promise<unknown>;
}

/** Saves one of the customer's files. */
export function DownloadButton({ label, loading, download }: DownloadButtonProps) {
  const reportError = useFormErrorReporter();
  const start = async () => {
    try {
      await download();
    } catch (error) {
      reportError(error);
    }
  };
  return (
    <Button
      variant="outlined"
      size="small"
      startIcon={<DownloadIcon />}
      loading={loading}
      aria-label={label}
      onClick={() => void start()}
    >
      Download
    </Button>
  );
}
