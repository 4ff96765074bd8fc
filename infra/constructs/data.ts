// The single-table DynamoDB design. Key shapes per entity are documented beside the data
// access modules in functions/; this file owns the physical table and the index names.
import { RemovalPolicy } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';

/** Index names shared with the API (it reads them from here, not from copies). */
export const GSI1 = 'gsi1';
export const GSI2 = 'gsi2';

/** Attribute read by DynamoDB TTL (epoch seconds): sessions, rate-limit windows. */
export const TTL_ATTRIBUTE = 'expiresAt';

const key = (name: string): dynamodb.Attribute => ({
  name,
  type: dynamodb.AttributeType.STRING,
});

export class Data extends Construct {
  readonly table: dynamodb.TableV2;

  constructor(scope: Construct, id: string) {
    super(scope, id);

    this.table = new dynamodb.TableV2(this, 'Table', {
      partitionKey: key('pk'),
      sortKey: key('sk'),
      globalSecondaryIndexes: [
        {
          indexName: GSI1,
          partitionKey: key('gsi1pk'),
          sortKey: key('gsi1sk'),
          projectionType: dynamodb.ProjectionType.ALL,
        },
        {
          indexName: GSI2,
          partitionKey: key('gsi2pk'),
          sortKey: key('gsi2sk'),
          projectionType: dynamodb.ProjectionType.ALL,
        },
      ],
      billing: dynamodb.Billing.onDemand(),
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      timeToLiveAttribute: TTL_ATTRIBUTE,
      encryption: dynamodb.TableEncryptionV2.awsManagedKey(),
      deletionProtection: true,
      // Leads and page history are business records: never lose them with the stack.
      removalPolicy: RemovalPolicy.RETAIN,
    });
  }
}
