import { ApiProperty } from '@nestjs/swagger';
import { IsEmail, IsNotEmpty, IsOptional, IsString, MaxLength, MinLength, registerDecorator, ValidationOptions } from 'class-validator';
import { NormalizeEmail, Trim } from '../../../common/http/transforms.js';
import { isCommonPassword, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../password-policy.js';
import { SingleLine } from '../../../common/text/control-characters.js';

export const EMAIL_MESSAGE = 'Please enter a valid email address';
export const PASSWORD_LENGTH_MESSAGE = `Password must be at least ${PASSWORD_MIN_LENGTH} characters`;
export const PASSWORD_TOO_LONG_MESSAGE = `Password must be at most ${PASSWORD_MAX_LENGTH} characters`;
export const COMMON_PASSWORD_MESSAGE = 'This password is one of the most common passwords. Please choose a less common one.';

export function IsNotCommonPassword(options?: ValidationOptions) {
  return (object: object, propertyName: string) =>
    registerDecorator({
      name: 'isNotCommonPassword',
      target: object.constructor,
      propertyName,
      options: { message: COMMON_PASSWORD_MESSAGE, ...options },
      validator: { validate: (value: unknown) => typeof value === 'string' && !isCommonPassword(value) },
    });
}

/** A new password: 8..128 characters, no composition rules, not one of the most common ones. */
function NewPassword(field: string) {
  return (object: object, propertyName: string) => {
    IsString({ message: `${field} must be a string` })(object, propertyName);
    MinLength(PASSWORD_MIN_LENGTH, { message: PASSWORD_LENGTH_MESSAGE })(object, propertyName);
    MaxLength(PASSWORD_MAX_LENGTH, { message: PASSWORD_TOO_LONG_MESSAGE })(object, propertyName);
    IsNotCommonPassword()(object, propertyName);
  };
}

/** `strict` (sign-up) wants a public domain; elsewhere a local address such as admin@localhost is accepted. */
function Email(strict = false) {
  return (object: object, propertyName: string) => {
    NormalizeEmail()(object, propertyName);
    IsString({ message: EMAIL_MESSAGE })(object, propertyName);
    IsNotEmpty({ message: 'Email is required' })(object, propertyName);
    MaxLength(320, { message: 'Email must be at most 320 characters' })(object, propertyName);
    IsEmail(strict ? {} : { require_tld: false }, { message: EMAIL_MESSAGE })(object, propertyName);
  };
}

export class RegisterDto {
  @ApiProperty({ example: 'Ada Lovelace', description: 'Full name; split at the first space into first and last name' })
  @Trim()
  @IsString({ message: 'Name must be a string' })
  @IsNotEmpty({ message: 'Name is required' })
  @MaxLength(200, { message: 'Name must be at most 200 characters' })
  @SingleLine('Name')
  name!: string;

  @ApiProperty({ example: 'ada@example.com' })
  @Email(true)
  email!: string;

  @ApiProperty({ example: 'a long passphrase', minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH })
  @NewPassword('Password')
  password!: string;

  @ApiProperty({
    required: false,
    example: 'k3J9x2VbQm7Lr0TzY8wq5N1cHs4dFgAe6PuXoWiRjtE',
    description: 'The token of an invitation link: the account starts verified, joins the organisation and is signed in (the e-mail must be the invitation’s).',
  })
  @IsOptional()
  @IsString({ message: 'invitationToken must be a string' })
  @MaxLength(128, { message: 'invitationToken is too long' })
  invitationToken?: string;
}

export class LoginDto {
  @ApiProperty({ example: 'ada@example.com' })
  @Email()
  email!: string;

  @ApiProperty({ example: 'a long passphrase' })
  @IsString({ message: 'Password must be a string' })
  @IsNotEmpty({ message: 'Password is required' })
  @MaxLength(PASSWORD_MAX_LENGTH, { message: PASSWORD_TOO_LONG_MESSAGE })
  password!: string;

  @ApiProperty({ required: false, example: '123456', description: 'Accounts with two-factor sign-in: a current 6-digit code or a one-time recovery code' })
  @IsOptional()
  @IsString({ message: 'Code must be a string' })
  @MaxLength(64, { message: 'Code is too long' })
  totp?: string;
}

export class TotpCodeDto {
  @ApiProperty({ example: '123456', description: 'A current 6-digit code from the authenticator app (or, to turn two-factor off, a recovery code)' })
  @Trim()
  @IsString({ message: 'Code is required' })
  @IsNotEmpty({ message: 'Code is required' })
  @MaxLength(64, { message: 'Code is too long' })
  code!: string;
}

export class EmailOnlyDto {
  @ApiProperty({ example: 'ada@example.com' })
  @Email()
  email!: string;
}

export class ResetPasswordDto {
  @ApiProperty({ description: 'The token from the reset link' })
  @IsString({ message: 'Token must be a string' })
  @IsNotEmpty({ message: 'Token is required' })
  @MaxLength(256, { message: 'Token is too long' })
  token!: string;

  @ApiProperty({ example: 'a new long passphrase', minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH })
  @NewPassword('New password')
  newPassword!: string;
}

export class UpdateProfileDto {
  @ApiProperty({ example: 'ada@example.com' })
  @NormalizeEmail()
  @IsString({ message: 'Invalid email address' })
  @MaxLength(320, { message: 'Invalid email address' })
  @IsEmail({ require_tld: false }, { message: 'Invalid email address' })
  email!: string;

  @ApiProperty({ example: 'Ada' })
  @Trim()
  @IsString({ message: 'First name is required' })
  @IsNotEmpty({ message: 'First name is required' })
  @MaxLength(100, { message: 'First name must be at most 100 characters' })
  @SingleLine('First name')
  firstName!: string;

  @ApiProperty({ example: 'Lovelace' })
  @Trim()
  @IsString({ message: 'Last name is required' })
  @IsNotEmpty({ message: 'Last name is required' })
  @MaxLength(100, { message: 'Last name must be at most 100 characters' })
  @SingleLine('Last name')
  lastName!: string;
}

export class ChangePasswordDto {
  @ApiProperty()
  @IsString({ message: 'Current password is required' })
  @IsNotEmpty({ message: 'Current password is required' })
  @MaxLength(PASSWORD_MAX_LENGTH, { message: PASSWORD_TOO_LONG_MESSAGE })
  currentPassword!: string;

  @ApiProperty({ minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH })
  @NewPassword('New password')
  newPassword!: string;
}
