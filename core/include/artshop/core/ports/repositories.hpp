#pragma once

namespace artshop {

// Every repository port, bound to one transaction. A UnitOfWork hands this to the work it
// runs; features add their repository here as a reference member.
struct Repositories {};

}  // namespace artshop
