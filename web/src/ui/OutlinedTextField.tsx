import {
  FormControl,
  FormHelperText,
  InputLabel,
  OutlinedInput,
  styled,
  textFieldClasses,
} from "@mui/material";
import {
  type ChangeEventHandler,
  type FocusEventHandler,
  type ReactNode,
  type Ref,
  useId,
} from "react";

interface OutlinedTextFieldProps {
  label: ReactNode;
  name?: string;
  type?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  fullWidth?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  onChange?: ChangeEventHandler<HTMLInputElement>;
  onBlur?: FocusEventHandler<HTMLInputElement>;
  ref?: Ref<HTMLDivElement>;
}

/** TextField's own root: a FormControl that takes the theme's MuiTextField overrides. */
const TextFieldRoot = styled(FormControl, { name: "MuiTextField", slot: "Root" })({});

/**
 * MUI's outlined `TextField` for a single-line text box, built from the same parts (FormControl,
 * InputLabel, OutlinedInput, FormHelperText) with the same markup, ids and classes. MUI's TextField
 * imports Select (Menu, Popover, Modal) and the filled and standard inputs whatever the variant; the
 * login page uses this one so its first load does not carry them (web/scripts/report-size.mjs).
 * Like TextField, `ref` is the root element (react-hook-form's `register` finds the input in it).
 */
export function OutlinedTextField({
  label,
  name,
  type,
  autoComplete,
  autoFocus = false,
  fullWidth = false,
  error = false,
  helperText,
  onChange,
  onBlur,
  ref,
}: OutlinedTextFieldProps) {
  const id = useId();
  const helperTextId = helperText ? `${id}-helper-text` : undefined;
  return (
    <TextFieldRoot
      ref={ref}
      className={textFieldClasses.root}
      error={error}
      fullWidth={fullWidth}
      variant="outlined"
    >
      <InputLabel htmlFor={id} id={`${id}-label`}>
        {label}
      </InputLabel>
      <OutlinedInput
        id={id}
        label={label}
        name={name}
        type={type}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        fullWidth={fullWidth}
        aria-describedby={helperTextId}
        onChange={onChange}
        onBlur={onBlur}
      />
      {helperText && <FormHelperText id={helperTextId}>{helperText}</FormHelperText>}
    </TextFieldRoot>
  );
}
