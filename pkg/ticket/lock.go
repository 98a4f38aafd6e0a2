package ticket

import "gorm.io/gorm/clause"

// lockForUpdate serialises changes to one ticket row inside a transaction.
var lockForUpdate = clause.Locking{Strength: "UPDATE"}
