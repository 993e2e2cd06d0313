import { ApiProperty } from '@nestjs/swagger';

/** `{ ok: true }`: the answer of an action that has nothing else to say. */
export class OkView {
  @ApiProperty({ enum: [true], example: true }) ok!: true;
}
