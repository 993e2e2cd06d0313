import { Controller, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CheckedBody } from '../../gateway/checked-input.js';
import { TimeEngine } from '../engine/time-engine.js';
import { sharedTimeEngine } from '../engine/shared-engine.js';
import { batchWeight } from './batch-items.js';
import { BatchEndpoint } from './batch.docs.js';
import { MatrixRequest } from './batch.dto.js';
import { MatrixView } from './batch.responses.js';
import { MATRIX_CSV_COLUMNS, MATRIX_MAX_INSTANTS, MATRIX_MAX_ZONES, matrixAnswer } from './conversion-matrix.js';
import { BatchReply, StreamedReply } from './streamed-answer.js';

@ApiTags('Conversion')
@Controller('conversion')
export class MatrixController {
  constructor(private readonly engine: TimeEngine) {}

  @Post('matrix')
  @HttpCode(200)
  @BatchEndpoint({
    summary: 'Conversion matrix',
    description:
      `Every instant (up to ${MATRIX_MAX_INSTANTS}) in every zone (up to ${MATRIX_MAX_ZONES}): the wall clock, offset, abbreviation and DST flag of each cell. ` +
      'Errors are per item: a bad zone is an error in each cell of its column, a bad instant an error on its row; the call still answers 200. ' +
      'The answer is streamed row by row as it is computed (JSON, XML or CSV with one line per cell). Counts against the quota and the per-second fair-use limit as one request per 100 cells.',
    response: MatrixView,
    rowsField: 'rows',
    csvColumns: MATRIX_CSV_COLUMNS,
    example: () => matrixAnswer(sharedTimeEngine(), ['2024-07-01T12:00:00Z'], ['Europe/London', 'Asia/Tokyo', 'Mars/Olympus']),
    body: {
      type: MatrixRequest,
      examples: {
        default: {
          summary: 'Two instants, three zones',
          value: { instants: ['2024-07-01T12:00:00Z', '2024-12-01T12:00:00Z'], timeZones: ['Europe/London', 'Asia/Tokyo', 'America/New_York'] },
        },
      },
    },
    bodyLimit: 512 * 1024,
    jsonMembers: 16,
    weight: (request) => {
      const body = request.body as { instants?: unknown; timeZones?: unknown } | null;
      const rows = Array.isArray(body?.instants) ? body.instants.length : 0;
      const columns = Array.isArray(body?.timeZones) ? body.timeZones.length : 0;
      return rows <= MATRIX_MAX_INSTANTS && columns <= MATRIX_MAX_ZONES ? batchWeight(rows * columns) : 1;
    },
  })
  /** Streamed to `reply`; without one (an MCP tool call), the whole answer as one object. */
  matrix(@CheckedBody(MatrixRequest) body: MatrixRequest, @StreamedReply() reply?: BatchReply) {
    const answer = matrixAnswer(this.engine, body.instants, body.timeZones);
    return reply ? reply.send(answer) : BatchReply.whole(answer);
  }
}
