// An analysis header: any layer at or above analysis may include it.
#pragma once
