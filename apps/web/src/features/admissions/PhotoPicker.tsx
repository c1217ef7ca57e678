import { memo, useEffect, useRef, useState } from 'react';
import { Box, Button, Stack, Typography } from '@mui/material';
import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import { ADMISSION_MSG } from '@erp/shared';

/** The student photo: .jpg only (spec section 5), previewed; removed when the form clears. Memoized: typing elsewhere skips it. */
export const PhotoPicker = memo(function PhotoPicker({
  file,
  onFile,
  onError,
  note = '.jpg only. Note: the photo file name should be the admission number.',
}: {
  file: File | null;
  onFile: (f: File | null) => void;
  onError: (m: string) => void;
  /** the caption under the buttons */
  note?: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      if (input.current) input.current.value = '';
      return;
    }
    const u = URL.createObjectURL(file);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [file]);
  return (
    <Stack spacing={1} sx={{ alignItems: 'center' }}>
      <Box
        sx={{
          width: 140,
          height: 170,
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          display: 'grid',
          placeItems: 'center',
          overflow: 'hidden',
          bgcolor: 'action.hover',
        }}
      >
        {url ? (
          <img src={url} alt="Student photo" style={{ width: '100%', height: '100%', objectFit: 'cover' }} />
        ) : (
          <PhotoCameraIcon color="disabled" fontSize="large" />
        )}
      </Box>
      <Button component="label" variant="outlined" size="small">
        {file ? 'Change Photo' : 'Upload Photo'}
        <input
          ref={input}
          hidden
          type="file"
          accept=".jpg,image/jpeg"
          aria-label="Student photo (.jpg)"
          data-testid="photo-input"
          onChange={(e) => {
            const f = e.target.files?.[0] ?? null;
            if (f && !/\.jpe?g$/i.test(f.name)) {
              onError(ADMISSION_MSG.photoJpgOnly);
              e.target.value = '';
              return;
            }
            onFile(f);
          }}
        />
      </Button>
      {file && (
        <Button size="small" color="inherit" onClick={() => onFile(null)}>
          Remove Photo
        </Button>
      )}
      <Typography variant="caption" color="text.secondary" sx={{ textAlign: 'center' }}>
        {note}
      </Typography>
    </Stack>
  );
});
