import { Box } from '@mui/material';

/** The result screen's two images, drawn inline so they need no file. */
export function SuccessImage({ size = 120 }: { size?: number }) {
  return (
    <Box
      component="svg"
      viewBox="0 0 120 120"
      width={size}
      height={size}
      role="img"
      aria-label="Payment successful"
      data-testid="success-image"
    >
      <circle cx="60" cy="60" r="56" fill="#e8f5e9" />
      <circle cx="60" cy="60" r="44" fill="#2e7d32" />
      <path d="M38 62 L53 77 L84 45" fill="none" stroke="#fff" strokeWidth="9" strokeLinecap="round" strokeLinejoin="round" />
      <circle cx="16" cy="28" r="4" fill="#66bb6a" />
      <circle cx="104" cy="22" r="3" fill="#81c784" />
      <circle cx="108" cy="96" r="4" fill="#66bb6a" />
    </Box>
  );
}

export function FailureImage({ size = 120 }: { size?: number }) {
  return (
    <Box
      component="svg"
      viewBox="0 0 120 120"
      width={size}
      height={size}
      role="img"
      aria-label="Payment failed"
      data-testid="failure-image"
    >
      <circle cx="60" cy="60" r="56" fill="#ffebee" />
      <circle cx="60" cy="60" r="44" fill="#c62828" />
      <path d="M44 44 L76 76 M76 44 L44 76" fill="none" stroke="#fff" strokeWidth="9" strokeLinecap="round" />
    </Box>
  );
}
