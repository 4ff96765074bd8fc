// The S3 driver of ObjectStore (UPLOADS_BUCKET set): the browser talks to S3 directly
// through presigned URLs and POST policies; the API reads, publishes and deletes with its
// own role. Checksums only WHEN_REQUIRED: otherwise the SDK signs a checksum of an empty
// body into presigned URLs and the browser's real PUT fails against it.
import { createHmac } from 'node:crypto';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListPartsCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import {
  attachmentDisposition,
  metadataField,
  ObjectStoreError,
  PRIVATE_PREFIX,
  type PresignGetOptions,
  type CompletedPart,
  type ObjectMetadata,
  type ObjectStore,
  type PresignedPost,
  type PublishOptions,
  type SignOptions,
  type UploadedPart,
} from './object-store.ts';

export interface S3StoreOptions {
  bucket: string;
  region: string;
  /** An S3-compatible endpoint (path-style addressing); unset, AWS. */
  endpoint?: string | undefined;
  /** Unset, the default AWS chain (the Lambda role). */
  credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string } | undefined;
  now?: () => Date;
}

export function createS3Client(options: S3StoreOptions): S3Client {
  return new S3Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint, forcePathStyle: true } : {}),
    ...(options.credentials ? { credentials: options.credentials } : {}),
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
  });
}

export class S3ObjectStore implements ObjectStore {
  readonly kind = 's3' as const;
  readonly client: S3Client;
  readonly bucket: string;
  readonly #options: S3StoreOptions;
  readonly #now: () => Date;

  constructor(options: S3StoreOptions, client: S3Client = createS3Client(options)) {
    this.#options = options;
    this.bucket = options.bucket;
    this.client = client;
    this.#now = options.now ?? (() => new Date());
  }

  /** The bucket's URL: virtual-hosted on AWS (what the site CSP allows), path-style elsewhere. */
  get bucketUrl(): string {
    const { endpoint, region, bucket } = this.#options;
    if (endpoint) return `${endpoint.replace(/\/+$/, '')}/${bucket}`;
    return `https://${bucket}.s3.${region}.amazonaws.com`;
  }

  async presignPut(key: string, options: SignOptions): Promise<string> {
    return getSignedUrl(this.client, new PutObjectCommand({ Bucket: this.bucket, Key: key }), {
      expiresIn: options.expiresIn,
      signingDate: this.#now(),
    });
  }

  /**
   * A SigV4 POST policy (the SDK v3 has no signer for it outside @aws-sdk/s3-presigned-post):
   * exactly this key, at most maxBytes, until the expiry. S3 checks all three.
   */
  async presignPost(
    key: string,
    options: SignOptions,
    metadata: ObjectMetadata = {},
  ): Promise<PresignedPost> {
    const credentials = await this.client.config.credentials();
    const region = await this.client.config.region();
    const now = this.#now();
    const amzDate = now
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d{3}/, '');
    const day = amzDate.slice(0, 8);
    const credential = `${credentials.accessKeyId}/${day}/${region}/s3/aws4_request`;
    const fields: Record<string, string> = {
      key,
      'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
      'X-Amz-Credential': credential,
      'X-Amz-Date': amzDate,
      ...(credentials.sessionToken ? { 'X-Amz-Security-Token': credentials.sessionToken } : {}),
      // Each becomes an exact-match condition of the policy below, like every other field.
      ...Object.fromEntries(
        Object.entries(metadata).map(([name, value]) => [metadataField(name), value]),
      ),
    };
    const policy = {
      expiration: new Date(now.getTime() + options.expiresIn * 1000).toISOString(),
      conditions: [
        { bucket: this.bucket },
        ['eq', '$key', key],
        ['content-length-range', 1, options.maxBytes],
        ...Object.entries(fields)
          .filter(([name]) => name !== 'key')
          .map(([name, value]) => ({ [name.toLowerCase()]: value })),
      ],
    };
    const encoded = Buffer.from(JSON.stringify(policy)).toString('base64');
    const signingKey = [day, region, 's3', 'aws4_request'].reduce<Buffer>(
      (secret, part) => createHmac('sha256', secret).update(part).digest(),
      Buffer.from(`AWS4${credentials.secretAccessKey}`),
    );
    return {
      url: this.bucketUrl,
      fields: {
        ...fields,
        Policy: encoded,
        'X-Amz-Signature': createHmac('sha256', signingKey).update(encoded).digest('hex'),
      },
    };
  }

  async createMultipart(key: string): Promise<string> {
    const result = await this.client.send(
      new CreateMultipartUploadCommand({ Bucket: this.bucket, Key: key }),
    );
    if (!result.UploadId) throw new Error('S3 answered no UploadId');
    return result.UploadId;
  }

  async presignPart(
    key: string,
    uploadId: string,
    partNumber: number,
    options: SignOptions,
  ): Promise<string> {
    return getSignedUrl(
      this.client,
      new UploadPartCommand({
        Bucket: this.bucket,
        Key: key,
        UploadId: uploadId,
        PartNumber: partNumber,
      }),
      { expiresIn: options.expiresIn, signingDate: this.#now() },
    );
  }

  async listParts(key: string, uploadId: string): Promise<UploadedPart[]> {
    const parts: UploadedPart[] = [];
    let marker: string | undefined;
    try {
      do {
        const page = await this.client.send(
          new ListPartsCommand({
            Bucket: this.bucket,
            Key: key,
            UploadId: uploadId,
            PartNumberMarker: marker,
          }),
        );
        for (const part of page.Parts ?? []) {
          parts.push({ PartNumber: part.PartNumber!, Size: part.Size!, ETag: part.ETag! });
        }
        marker = page.IsTruncated ? page.NextPartNumberMarker : undefined;
      } while (marker);
    } catch (error) {
      throw translate(error);
    }
    return parts;
  }

  async completeMultipart(key: string, uploadId: string, parts: CompletedPart[]): Promise<void> {
    try {
      await this.client.send(
        new CompleteMultipartUploadCommand({
          Bucket: this.bucket,
          Key: key,
          UploadId: uploadId,
          MultipartUpload: { Parts: parts.map(({ ETag, PartNumber }) => ({ ETag, PartNumber })) },
        }),
      );
    } catch (error) {
      throw translate(error);
    }
  }

  async abortMultipart(key: string, uploadId: string): Promise<void> {
    try {
      await this.client.send(
        new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId }),
      );
    } catch (error) {
      throw translate(error);
    }
  }

  location(key: string): string {
    return `${this.bucketUrl}/${key}`;
  }

  async size(key: string): Promise<number | undefined> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return head.ContentLength;
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async metadata(key: string): Promise<Record<string, string> | undefined> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { ...head.Metadata };
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async read(key: string): Promise<Buffer | undefined> {
    try {
      const object = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: key }),
      );
      if (!object.Body) return Buffer.alloc(0);
      return Buffer.from(await object.Body.transformToByteArray());
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async publish(key: string, body: Buffer, options: PublishOptions): Promise<void> {
    if (!key.startsWith('uploads/')) throw new Error(`${key} is not a public key`);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: body,
        ContentType: options.contentType,
        CacheControl: options.cacheControl,
      }),
    );
  }

  async putPrivate(key: string, body: Buffer, options: { contentType: string }): Promise<void> {
    if (!key.startsWith(PRIVATE_PREFIX)) throw new Error(`${key} is not a private key`);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: body,
        ContentType: options.contentType,
        // A bucket with S3 Object Lock (the audit archive, functions/audit/archive.ts) takes
        // an object only with a checksum; any other bucket checks it too.
        ChecksumAlgorithm: 'SHA256',
      }),
    );
  }

  async presignGet(key: string, options: PresignGetOptions): Promise<string> {
    if (!key.startsWith(PRIVATE_PREFIX)) throw new Error(`${key} is not a private key`);
    return getSignedUrl(
      this.client,
      new GetObjectCommand({
        Bucket: this.bucket,
        Key: key,
        ResponseContentDisposition: attachmentDisposition(options.fileName),
        ResponseCacheControl: 'private, no-store',
      }),
      { expiresIn: options.expiresIn, signingDate: this.#now() },
    );
  }

  async delete(keys: readonly string[]): Promise<void> {
    // One DeleteObject each: DeleteObjects would need s3:DeleteObject anyway and a checksum.
    await Promise.all(
      keys.map((key) =>
        this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key })),
      ),
    );
  }
}

/**
 * A missing key. Without s3:ListBucket (which the API's role deliberately lacks: it may
 * touch pending/ and uploads/ keys, never list the bucket) S3 answers a missing key with
 * 403 rather than 404, so a 403 on a key the role may read means missing too.
 */
export function isMissing(error: unknown): boolean {
  if (!(error instanceof S3ServiceException)) return false;
  const status = error.$metadata.httpStatusCode;
  return (
    error.name === 'NotFound' || error.name === 'NoSuchKey' || status === 404 || status === 403
  );
}

function translate(error: unknown): unknown {
  if (!(error instanceof S3ServiceException)) return error;
  switch (error.name) {
    case 'NoSuchUpload':
      return new ObjectStoreError('no_such_upload', 'No such multipart upload');
    case 'InvalidPart':
      return new ObjectStoreError('invalid_part', 'A listed part was not uploaded with that ETag');
    case 'InvalidPartOrder':
      return new ObjectStoreError('invalid_part_order', 'Parts must be listed in ascending order');
    case 'EntityTooSmall':
      return new ObjectStoreError('part_too_small', 'A part other than the last is under 5 MiB');
    default:
      return error;
  }
}
