import type { ChangeEvent } from 'react';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { PasswordField } from '@/components/PasswordField';

type AuthTextFieldProps = Omit<TextFieldProps, 'error' | 'helperText' | 'onChange'> & {
  errorText?: string;
  onValueChange: (value: string) => void;
};

/** One labelled, full-width field of the auth forms, with its error as helper text. */
export function AuthTextField({ errorText, onValueChange, type, ...props }: AuthTextFieldProps) {
  const shared = {
    ...props,
    fullWidth: true,
    margin: 'normal' as const,
    error: Boolean(errorText),
    helperText: errorText ?? ' ',
    onChange: (event: ChangeEvent<HTMLInputElement>) => onValueChange(event.target.value),
  };
  return type === 'password' ? <PasswordField {...shared} /> : <TextField {...shared} type={type} />;
}
