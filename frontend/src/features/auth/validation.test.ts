import { describe, expect, it } from 'vitest';
import { validateLogin, validateSignup } from './validation';

describe('validateLogin', () => {
  it('requires email and password', () => {
    expect(validateLogin({ email: '', password: '' })).toEqual({
      email: 'validation.emailRequired',
      password: 'validation.passwordRequired',
    });
  });

  it('treats a blank email as missing', () => {
    expect(validateLogin({ email: '   ', password: 'x' })).toEqual({ email: 'validation.emailRequired' });
  });

  it('passes complete input', () => {
    expect(validateLogin({ email: 'a@b.c', password: 'x' })).toEqual({});
  });
});

describe('validateSignup', () => {
  it('requires name, email and password', () => {
    expect(validateSignup({ name: ' ', email: '', password: '' })).toEqual({
      name: 'validation.nameRequired',
      email: 'validation.emailRequired',
      password: 'validation.passwordRequired',
    });
  });

  it('requires at least 6 password characters', () => {
    expect(validateSignup({ name: 'A', email: 'a@b.c', password: '12345' })).toEqual({
      password: 'validation.passwordTooShort',
    });
    expect(validateSignup({ name: 'A', email: 'a@b.c', password: '123456' })).toEqual({});
  });
});
