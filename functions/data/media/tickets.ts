// Upload tickets (functions/data/media/store.ts has the layers and the keys). A ticket is
// what the server handed out for one upload (POST /api/objects/upload, the companion
// endpoints): its storage key pending/<id>, the multipart uploadId once there is one, the
// browser's file name (display only) and who asked. Only a ticketed key or uploadId is
// signed, listed, completed or published, so a key this server did not hand out is refused.
// Publishing (publishing.ts) writes the media record and deletes the ticket in one
// transaction (the record must be new, the ticket must exist): an upload is published
// once, and a replayed publish finds no ticket.
//
// GET /api/s3/params writes nothing (issue 33,
// docs/decisions/0333-upload-tickets-ride-with-the-upload.md): its ticket is a signed
// token instead, `<payload>.<mac>`, the payload the base64url JSON {id, name, by, iat,
// exp}, the mac its HMAC-SHA256 with the install secret `upload-tickets`. The upload's
// POST form stores it as the object's metadata (`ticket`, bound by the POST policy), and
// publishing reads it back (ticketFromToken): the ticket rides with the upload. Using it
// writes a mark (UPLOAD#<id>, `used`) in the publish's transaction, so it is used once.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { pendingKeyOf } from '../../shared/media.ts';
import { InstallSecrets } from '../install-secrets.ts';
import { keys, type SK } from '../keys.ts';
import { TTL_ATTRIBUTE } from '../table.ts';
import { MediaStore } from './store.ts';

/** How long an upload may wait between its URL and its publication. */
export const TICKET_GRACE_SECONDS = 2 * 86400;

export interface UploadTicket {
  id: string;
  key: string;
  /** The browser's file name, display only; '' when the uploader sent none. */
  fileName: string;
  requestedBy: string;
  createdAt: string;
  uploadId?: string;
  /** A signed token's ticket (GET /api/s3/params): no item in the table. */
  signed?: true;
  /** A signed ticket's last second (epoch seconds). */
  expiresAt?: number;
}

/** The metadata entry of an upload that holds its signed ticket. */
export const TICKET_METADATA = 'ticket';
const TICKET_SECRET = 'upload-tickets';

interface TicketPayload {
  id: string;
  name: string;
  by: string;
  /** Epoch seconds: issued, and last valid. */
  iat: number;
  exp: number;
}

interface TicketItem extends UploadTicket {
  pk: string;
  sk: typeof SK.upload;
  [TTL_ATTRIBUTE]: number;
}

const ticketKey = keys.upload;

export abstract class UploadTickets extends MediaStore {
  readonly #secrets = new InstallSecrets(this.db, this.table, this.now);

  async #ticketMac(payload: string): Promise<string> {
    const secret = await this.#secrets.get(TICKET_SECRET);
    return createHmac('sha256', secret)
      .update(`pharmabridge-upload-ticket-v1\n${payload}`)
      .digest('base64url');
  }

  /**
   * A ticket as a signed token, valid as long as a stored one would be (the URL's lifetime
   * and TICKET_GRACE_SECONDS); nothing is written. The file name is cut to 255 characters.
   */
  async signTicket(
    ticket: { id: string; fileName: string; requestedBy: string },
    urlTtlSeconds: number,
  ): Promise<string> {
    const iat = Math.floor(this.now().getTime() / 1000);
    const payload: TicketPayload = {
      id: ticket.id,
      name: ticket.fileName.trim().slice(0, 255),
      by: ticket.requestedBy,
      iat,
      exp: iat + urlTtlSeconds + TICKET_GRACE_SECONDS,
    };
    const encoded = Buffer.from(JSON.stringify(payload)).toString('base64url');
    return `${encoded}.${await this.#ticketMac(encoded)}`;
  }

  /** The ticket of upload `id` a token signed by signTicket holds, unless forged or expired. */
  async ticketFromToken(id: string, token: string): Promise<UploadTicket | undefined> {
    const [encoded, mac, extra] = token.split('.');
    if (!encoded || !mac || extra !== undefined || encoded.length > 4000) return undefined;
    const expected = Buffer.from(await this.#ticketMac(encoded));
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    let payload: TicketPayload;
    try {
      payload = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')) as TicketPayload;
    } catch {
      return undefined;
    }
    if (payload?.id !== id || typeof payload.exp !== 'number') return undefined;
    if (payload.exp * 1000 <= this.now().getTime()) return undefined;
    return {
      id,
      key: pendingKeyOf(id),
      fileName: String(payload.name ?? ''),
      requestedBy: String(payload.by ?? ''),
      createdAt: new Date(payload.iat * 1000).toISOString(),
      signed: true,
      expiresAt: payload.exp,
    };
  }

  async createTicket(
    ticket: Omit<UploadTicket, 'createdAt'>,
    urlTtlSeconds: number,
  ): Promise<UploadTicket> {
    const now = this.now();
    const full: UploadTicket = { ...ticket, createdAt: now.toISOString() };
    const item: TicketItem = {
      ...ticketKey(ticket.id),
      ...full,
      [TTL_ATTRIBUTE]: Math.floor(now.getTime() / 1000) + urlTtlSeconds + TICKET_GRACE_SECONDS,
    };
    await this.db.send(
      new PutCommand({
        TableName: this.table,
        Item: item,
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return full;
  }

  /** The ticket of an upload id, unless it never existed, was used up or has expired. */
  async ticket(id: string): Promise<UploadTicket | undefined> {
    const result = await this.db.send(
      new GetCommand({ TableName: this.table, Key: ticketKey(id), ConsistentRead: true }),
    );
    const item = result.Item as (TicketItem & { used?: true }) | undefined;
    if (!item || item.used || item[TTL_ATTRIBUTE] * 1000 <= this.now().getTime()) return undefined;
    return {
      id: item.id,
      key: item.key,
      fileName: item.fileName,
      requestedBy: item.requestedBy,
      createdAt: item.createdAt,
      ...(item.uploadId ? { uploadId: item.uploadId } : {}),
    };
  }

  async dropTicket(id: string): Promise<void> {
    await this.db.send(new DeleteCommand({ TableName: this.table, Key: ticketKey(id) }));
  }

  /**
   * The transaction part that uses a ticket up: a stored one is deleted (it must exist); a
   * signed one leaves a mark until its token expires (there must be none yet), so a token
   * publishes or replaces once. ticket() reads no ticket in a mark.
   */
  protected useUp(ticket: Pick<UploadTicket, 'id' | 'signed' | 'expiresAt'>): object[] {
    if (!ticket.signed) {
      return [
        {
          Delete: {
            TableName: this.table,
            Key: ticketKey(ticket.id),
            ConditionExpression: 'attribute_exists(pk)',
          },
        },
      ];
    }
    return [
      {
        Put: {
          TableName: this.table,
          Item: { ...ticketKey(ticket.id), used: true, [TTL_ATTRIBUTE]: ticket.expiresAt },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
    ];
  }
}
