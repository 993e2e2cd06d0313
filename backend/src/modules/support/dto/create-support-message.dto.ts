import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsIn, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { SUPPORT_CATEGORIES } from '../support-message.entity.js';
import type { SupportCategory } from '../support-message.entity.js';
import { SingleLine } from '../../../common/text/control-characters.js';

const trim = () => Transform(({ value }) => (typeof value === 'string' ? value.trim() : value));

export class CreateSupportMessageDto {
  @ApiProperty({ example: 'Ada Lovelace', maxLength: 200 })
  @trim()
  @IsString({ message: 'Name is required' })
  @IsNotEmpty({ message: 'Name is required' })
  @MaxLength(200, { message: 'Name must be at most 200 characters' })
  @SingleLine('Name')
  name!: string;

  @ApiProperty({ example: 'ada@example.com' })
  @Transform(({ value }) => (typeof value === 'string' ? value.trim().toLowerCase() : value))
  @IsString({ message: 'Please enter a valid email address' })
  @MaxLength(320, { message: 'Please enter a valid email address' })
  @IsEmail({}, { message: 'Please enter a valid email address' })
  email!: string;

  @ApiPropertyOptional({ enum: SUPPORT_CATEGORIES, default: 'other' })
  @IsOptional()
  @IsIn([...SUPPORT_CATEGORIES], { message: `Category must be one of: ${SUPPORT_CATEGORIES.join(', ')}` })
  category?: SupportCategory;

  @ApiProperty({ example: 'Question about the conversion endpoint', maxLength: 200 })
  @trim()
  @IsString({ message: 'Subject is required' })
  @IsNotEmpty({ message: 'Subject is required' })
  @MaxLength(200, { message: 'Subject must be at most 200 characters' })
  @SingleLine('Subject')
  subject!: string;

  @ApiProperty({ example: 'How do I convert a time to several zones in one call?', maxLength: 10000 })
  @trim()
  @IsString({ message: 'Message is required' })
  @IsNotEmpty({ message: 'Message is required' })
  @MaxLength(10000, { message: 'Message must be at most 10,000 characters' })
  message!: string;
}
