import { limits } from "@changeradar/contracts";
import Box from "@mui/material/Box";
import { type ClipboardEvent, type KeyboardEvent, useEffect, useRef } from "react";

interface PasscodeInputProps {
  digits: string[];
  onChange: (digits: string[]) => void;
  disabled?: boolean;
  /** Puts the cursor in the first box on arrival (a step whose only task is the code). */
  autoFocus?: boolean;
}

export const emptyPasscode = (): string[] => Array.from({ length: limits.passcodeLength }, () => "");

/**
 * Spec §4/§5: six boxes, one digit each; focus moves on after a digit, Backspace on an empty box goes
 * back, and pasting a code fills the boxes from the one pasted into.
 */
export function PasscodeInput({ digits, onChange, disabled, autoFocus }: PasscodeInputProps) {
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const cleared = digits.every((digit) => digit === "");
  // After a wrong code the boxes are cleared and enabled again: the cursor goes back to the first one.
  const wasDisabled = useRef(disabled);
  useEffect(() => {
    if (wasDisabled.current && !disabled && cleared) boxes.current[0]?.focus();
    wasDisabled.current = disabled;
  }, [disabled, cleared]);
  const focusBox = (index: number) => boxes.current[Math.max(0, Math.min(index, digits.length - 1))]?.focus();

  const setDigit = (index: number, raw: string) => {
    const digit = raw.replace(/\D/g, "").slice(-1);
    if (!digit) return;
    const next = [...digits];
    next[index] = digit;
    onChange(next);
    if (index < digits.length - 1) focusBox(index + 1);
  };

  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Backspace") {
      event.preventDefault();
      if (digits[index]) {
        const next = [...digits];
        next[index] = "";
        onChange(next);
      } else if (index > 0) focusBox(index - 1);
    } else if (event.key === "ArrowLeft") focusBox(index - 1);
    else if (event.key === "ArrowRight") focusBox(index + 1);
  };

  const onPaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const pasted = event.clipboardData.getData("text").replace(/\D/g, "");
    if (!pasted) return;
    const start = pasted.length >= digits.length ? 0 : index;
    const next = [...digits];
    for (let i = 0; i < pasted.length && start + i < digits.length; i++) next[start + i] = pasted[i]!;
    onChange(next);
    focusBox(Math.min(start + pasted.length, digits.length - 1));
  };

  return (
    <Box
      role="group"
      aria-label="Verification code"
      sx={{ display: "flex", gap: { xs: 1, sm: 1.5 }, justifyContent: "center" }}
    >
      {digits.map((digit, index) => (
        <Box
          // biome-ignore lint/suspicious/noArrayIndexKey: the boxes are a fixed row of positions
          key={index}
          component="input"
          ref={(el: HTMLInputElement | null) => {
            boxes.current[index] = el;
          }}
          value={digit}
          disabled={disabled}
          autoFocus={autoFocus && index === 0}
          inputMode="numeric"
          autoComplete={index === 0 ? "one-time-code" : "off"}
          aria-label={`Digit ${index + 1}`}
          maxLength={2}
          onFocus={(e: React.FocusEvent<HTMLInputElement>) => e.target.select()}
          onChange={(e: React.ChangeEvent<HTMLInputElement>) => setDigit(index, e.target.value)}
          onKeyDown={(e: KeyboardEvent<HTMLInputElement>) => onKeyDown(index, e)}
          onPaste={(e: ClipboardEvent<HTMLInputElement>) => onPaste(index, e)}
          sx={{
            width: { xs: 42, sm: 52 },
            height: { xs: 50, sm: 58 },
            textAlign: "center",
            fontSize: "1.5rem",
            fontWeight: 600,
            fontFamily: "inherit",
            color: "text.primary",
            border: 1,
            borderColor: "grey.400",
            borderRadius: 2,
            bgcolor: "background.paper",
            outline: "none",
            "&:focus": { borderColor: "primary.main", boxShadow: "0 0 0 2px rgba(30,41,59,0.25)" },
          }}
        />
      ))}
    </Box>
  );
}
