/** Settings shared by the AWS SDK clients (SES, S3). */

/**
 * The SDK `credentials` for configured keys: both keys, or undefined when either is missing so the
 * SDK's default chain (environment, instance role) applies.
 */
export function awsCredentials(keys: { accessKeyId?: string; secretAccessKey?: string }) {
  const { accessKeyId, secretAccessKey } = keys;
  return accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined;
}
