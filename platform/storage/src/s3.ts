// Bytes in any S3-compatible store (AWS S3, MinIO, Cloudflare R2) through the official AWS SDK. A blob is one S3 object
// under `<prefix><version>`; uploads go up as a multipart upload that S3 publishes only when it completes, so a
// failed or oversized upload leaves nothing visible (it is aborted).
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { CopyObjectCommand, DeleteObjectCommand, GetObjectCommand, NoSuchKey, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { Meter, type BlobStore, type ByteRange, type WrittenBlob } from './blobs';
import { errors } from './errors';

export interface S3Settings {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
  prefix: string;
}

export class S3BlobStore implements BlobStore {
  readonly client: S3Client;
  constructor(private readonly settings: S3Settings) {
    this.client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      // Checksums only where S3 requires them: many S3-compatible stores neither send nor check the newer ones.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      credentials:
        settings.accessKeyId && settings.secretAccessKey ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } : undefined,
    });
  }

  private key(version: string) {
    return `${this.settings.prefix}${version}`;
  }

  async write(body: Readable, limit: number): Promise<WrittenBlob> {
    const version = randomUUID();
    const meter = new Meter(limit);
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.settings.bucket, Key: this.key(version), Body: meter },
      queueSize: 2,
      partSize: 8 * 1024 * 1024,
    });
    let failure: unknown;
    const fail = (error: unknown) => {
      failure ??= error;
      void upload.abort().catch(() => {});
    };
    meter.on('error', fail);
    body.on('error', (error) => meter.destroy(error));
    body.pipe(meter);
    try {
      await upload.done();
    } catch (error) {
      body.destroy();
      throw failure ?? error;
    }
    if (failure) throw failure;
    return { version, size: meter.bytes, eTag: meter.eTag };
  }

  async read(version: string, range?: ByteRange): Promise<Readable> {
    try {
      const result = await this.client.send(
        new GetObjectCommand({ Bucket: this.settings.bucket, Key: this.key(version), Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
      );
      return result.Body as Readable;
    } catch (error) {
      if (error instanceof NoSuchKey || (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404)) throw errors.blobMissing();
      throw error;
    }
  }

  async copy(version: string): Promise<string> {
    const next = randomUUID();
    try {
      await this.client.send(
        new CopyObjectCommand({ Bucket: this.settings.bucket, Key: this.key(next), CopySource: encodeURI(`${this.settings.bucket}/${this.key(version)}`) }),
      );
    } catch (error) {
      if (error instanceof NoSuchKey || (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404)) throw errors.blobMissing();
      throw error;
    }
    return next;
  }

  async remove(version: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.key(version) }));
  }
}
