import { useRef, useState } from 'react';
import { useDataProvider } from 'react-admin';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import type { AdminDataProvider, TzReleaseReview } from '../dataProvider';
import { problemOf } from './releaseUi';

type Phase = { step: 'reading' | 'uploading'; fraction: number } | { step: 'compiling' } | null;

/** The file as base64 (a data: URL, which the API accepts), reporting how much has been read. */
function readAsBase64(file: File, onProgress: (fraction: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    reader.onerror = () => reject(new Error(`${file.name} could not be read.`));
    reader.onload = () => resolve(String(reader.result));
    reader.readAsDataURL(file);
  });
}

/**
 * Upload a tzdata*.tar.gz or tzdata.zi: read, upload, compile and check, each with its progress. Nothing goes live:
 * the stored release opens in its review (the changes, who will be told), where it is activated or discarded.
 */
export function UploadCard({ activeVersion, onUploaded }: { activeVersion: string | undefined; onUploaded: (review: TzReleaseReview) => void }) {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<Phase>(null);
  const [error, setError] = useState<string | null>(null);

  const start = async () => {
    if (!file) return;
    setError(null);
    setPhase({ step: 'reading', fraction: 0 });
    try {
      const release = await readAsBase64(file, (fraction) => setPhase({ step: 'reading', fraction }));
      setPhase({ step: 'uploading', fraction: 0 });
      const review = await dataProvider.uploadTzdbReleaseForReview(release, (fraction) =>
        setPhase(fraction >= 1 ? { step: 'compiling' } : { step: 'uploading', fraction }),
      );
      setFile(null);
      if (input.current) input.current.value = '';
      onUploaded(review);
    } catch (err) {
      setError(problemOf(err).detail);
    } finally {
      setPhase(null);
    }
  };

  const busy = phase !== null;
  const label = !phase
    ? ''
    : phase.step === 'reading'
      ? 'Reading the file…'
      : phase.step === 'uploading'
        ? 'Uploading…'
        : 'Compiling and checking the release…';
  return (
    <Card>
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Typography variant="h6" component="h2">
          Load a release
        </Typography>
        <Typography variant="body2" color="text.secondary">
          A tzdata*.tar.gz from IANA or a tzdata.zi. It is compiled, checked and stored without going live: review what changes against{' '}
          {activeVersion ?? 'the active release'} and who will be told, then activate it or discard it.
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
          <Button variant="outlined" component="label" startIcon={<UploadFileIcon />} disabled={busy}>
            Choose file
            <input
              ref={input}
              hidden
              type="file"
              accept=".gz,.tgz,.zi,application/gzip"
              data-testid="tzdb-file"
              onChange={(e) => {
                setFile(e.target.files?.[0] ?? null);
                setError(null);
              }}
            />
          </Button>
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere', flex: '1 1 160px' }}>
            {file ? `${file.name} (${Math.ceil(file.size / 1024)} KB)` : 'No file chosen'}
          </Typography>
          <Button variant="contained" onClick={() => void start()} disabled={!file || busy}>
            Upload and review
          </Button>
        </Box>
        {phase && (
          <Box data-testid="tzdb-progress">
            <Typography variant="body2" sx={{ mb: 0.5 }}>
              {label}
            </Typography>
            <LinearProgress
              variant={phase.step === 'compiling' ? 'indeterminate' : 'determinate'}
              value={phase.step === 'compiling' ? undefined : Math.round(phase.fraction * 100)}
              aria-label={label}
            />
          </Box>
        )}
        {error && (
          <Alert severity="error" onClose={() => setError(null)}>
            {error}
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}
