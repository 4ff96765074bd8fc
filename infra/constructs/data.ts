// The single-table DynamoDB design on AWS. Key shapes per entity are documented beside the
// data access modules in functions/data/; the index and TTL attribute names come from
// functions/data/table.ts (which creates the same table locally), so they exist only once.
import { RemovalPolicy } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';
import { GSI1, GSI2, TTL_ATTRIBUTE } from '../../functions/data/table.ts';

export { GSI1, GSI2, TTL_ATTRIBUTE };

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
      // Each index is keyed by <name>pk / <name>sk, as in functions/data/table.ts.
      globalSecondaryIndexes: [GSI1, GSI2].map((indexName) => ({
        indexName,
        partitionKey: key(`${indexName}pk`),
        sortKey: key(`${indexName}sk`),
        projectionType: dynamodb.ProjectionType.ALL,
      })),
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
